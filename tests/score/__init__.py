"""The hand scorer (shanten.score): han, fu, points and yaku, against real Tenhou wins."""
