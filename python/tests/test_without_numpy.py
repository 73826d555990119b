"""The README's Python step under a python3 that cannot import NumPy (issue 29): `import gdist`
says what to install (python3-numpy, pip install numpy) in one line on stderr and exits non-zero,
with no traceback; code that tries the import can still catch an ImportError.
NumPy is taken away by a folder first on PYTHONPATH whose numpy package raises ImportError, as
a python3 without it does. Run by ctest (python_without_numpy); stdlib only."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class WithoutNumpyTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gdist-nonumpy-")
        os.mkdir(os.path.join(self.dir, "numpy"))
        with open(os.path.join(self.dir, "numpy", "__init__.py"), "w") as f:
            f.write('raise ImportError("No module named \'numpy\'")\n')

    def tearDown(self):
        shutil.rmtree(self.dir)

    def python(self, code):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([self.dir, PYTHON_DIR]))
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=self.dir)

    def test_the_shim_takes_numpy_away(self):
        p = self.python("import numpy")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("ImportError", p.stderr)

    def test_import_says_what_to_install(self):
        # The README's step: gdist.open on a matrix file (never reached: the import stops first).
        p = self.python('import gdist\nd = gdist.open("dist.gdm")\nprint(d.n)')
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stdout, "")
        lines = p.stderr.splitlines()
        self.assertEqual(len(lines), 1, p.stderr)
        self.assertTrue(lines[0].startswith("gdist: NumPy is not importable by this python3 (%s" % sys.executable),
                        lines[0])
        self.assertIn("apt-get install python3-numpy", lines[0])
        self.assertIn("pip install numpy", lines[0])
        self.assertNotIn("Traceback", p.stderr)

    def test_the_error_is_an_import_error(self):
        p = self.python("try:\n    import gdist\nexcept ImportError as e:\n    print('caught', 'python3-numpy' in str(e))\n"
                        "raise SystemExit(3)")
        self.assertEqual((p.returncode, p.stdout, p.stderr), (3, "caught True\n", ""))

    def test_other_errors_keep_their_traceback(self):
        p = self.python("try:\n    import gdist\nexcept ImportError:\n    pass\nraise KeyError('other')")
        self.assertEqual(p.returncode, 1)
        self.assertIn("Traceback", p.stderr)
        self.assertIn("KeyError: 'other'", p.stderr)


if __name__ == "__main__":
    unittest.main()
