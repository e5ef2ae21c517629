"""Price feeds of the refresh: one module per feed, each split into fetch (through a transport: live
HTTP/SDK, or a replay of recorded responses) and parse (pure functions, tested on recordings). The
public feeds use the standard library (feeds/http.py); the credentialed feeds run through their
providers' SDKs (requirements-live.lock), imported lazily, with the HTTP send answered from a recording
on a replay (feeds/wire.py), so replay and live run the same code."""
