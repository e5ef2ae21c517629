//! Catalog validation (filled by the catalog work).
