"""The local page (shanten.web): its server, endpoints and the page in a browser."""
