"""Helpers shared by the tests: independent references written from the definitions, seeded hands, the web test harness."""
