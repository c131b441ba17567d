"""Game records (牌譜) and their review: parsers for Tenhou's XML and JSON records and mjai
JSON lines (:mod:`~shanten.games.events` is what they produce), the replay that checks
them (:mod:`~shanten.games.replay`), and the per-discard review
(:mod:`~shanten.games.review`, :func:`shanten.review`)."""
