"""The local page (牌理) and its JSON endpoint: ``shanten serve`` (or ``python -m shanten.web``).

:mod:`shanten.web.server` serves them with the standard library; :mod:`shanten.web.tiles_svg`
draws the tiles. The page itself is ``static/``: HTML, CSS and JavaScript with no build step.
See ``docs/web.md``.
"""
