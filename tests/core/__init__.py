"""The value types and their rules: tiles, notation, hands, options, display, errors, result containers, report()."""
