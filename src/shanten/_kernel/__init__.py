"""The C kernel (``_c``, built from the ``.c`` files here) and its engine
(:mod:`~shanten._kernel.engine`)."""
