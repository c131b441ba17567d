"""The reference engine, plain Python written from the definitions: the distance of each
form (:mod:`~shanten._native.forms`), effective tiles (:mod:`~shanten._native.effective`)
and the discard odds (:mod:`~shanten._native.odds`)."""
