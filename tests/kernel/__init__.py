"""The C kernel (shanten._kernel) against the reference engine (shanten._native)."""
