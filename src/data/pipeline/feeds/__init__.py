"""Price feeds of the refresh (issue 23): one module per feed, each split into fetch (through a
transport: live HTTP/SDK, or a replay of recorded responses) and parse (pure functions, tested on
recordings). Standard library only; the SDKs of the credentialed feeds are imported lazily, in their
live path only (requirements-live.txt)."""
