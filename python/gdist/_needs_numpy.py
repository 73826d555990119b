"""gdist hands back NumPy arrays everywhere (gdist.open's .matrix too): a python3 that cannot
import NumPy gets one line saying what to install, not a traceback into the reader.

The error stays an ImportError (code that tries `import gdist` can catch it); only when nothing
catches it does the interpreter print the message alone and exit 1."""
import sys


class NumpyMissing(ImportError):
    """NumPy cannot be imported by this interpreter."""


def _print_message_only(hook):
    def excepthook(kind, value, traceback):
        if issubclass(kind, NumpyMissing):
            print("gdist: %s" % value, file=sys.stderr)
        else:
            hook(kind, value, traceback)

    return excepthook


try:
    import numpy  # noqa: F401
except ImportError as e:
    sys.excepthook = _print_message_only(sys.excepthook)
    raise NumpyMissing(
        f"NumPy is not importable by this python3 ({sys.executable}: {e}); gdist needs it. Install it: "
        "sudo apt-get install python3-numpy (Debian's /usr/bin/python3; scripts/setup.sh does), "
        "or python3 -m pip install numpy (another python3, a venv)") from None
