"""Build the optional C kernel (shanten._kernel._c).

The kernel is one C extension made of the units in ``src/shanten/_kernel`` (KERNEL_UNITS
below), which share the declarations of its headers (``kernel.h``, ``lookup.h``,
``odds.h``): a change to a header rebuilds every unit.

Where a C compiler and the Python headers are present, ``pip install .`` compiles the
kernel; where they are not, the install goes on without it and the package runs on its
plain Python path (``shanten.accelerated`` is False). ``SHANTEN_REQUIRE_KERNEL=1`` turns a
failed build into a failed install, for CI.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The kernel's compilation units, in src/shanten/_kernel (kernel.h says what each holds).
KERNEL_UNITS = (
    "module",
    "read",
    "lookup",
    "results",
    "held",
    "install",
    "bindings",
    "verb",
    "batch",
    "capped",
    "odds_store",
    "odds_expand",
    "odds_graph",
    "odds_solve",
    "odds_worth",
    "odds_score",
    "odds_run",
    "odds_binding",
    "score",
    "score_yaku",
    "score_binding",
)


class OptionalBuildExt(build_ext):
    """build_ext that reports a failed kernel build and goes on without the kernel."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all: setuptools raises on run
            self._skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler or the headers failed
            self._skip(error)

    def _skip(self, error: Exception) -> None:
        if os.environ.get("SHANTEN_REQUIRE_KERNEL", "") not in ("", "0"):
            raise error
        print(
            f"shanten: the C kernel was not built ({error}); the package will run on its "
            "plain Python path (install a C compiler and the Python headers for the kernel)",
            file=sys.stderr,
        )


setup(
    ext_modules=[
        Extension(
            "shanten._kernel._c",
            [f"src/shanten/_kernel/{unit}.c" for unit in KERNEL_UNITS],
            depends=[
                f"src/shanten/_kernel/{header}.h"
                for header in ("kernel", "lookup", "capped", "odds", "score")
            ],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
