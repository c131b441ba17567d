"""The batch API (shanten.batch) against the per-call API."""
