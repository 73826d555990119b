"""The README's Python example runs as shown."""
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_python_example_runs(capsys):
    text = README.read_text()
    section = text[text.index("## Python"):]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(block, str(README), "exec"), {})
    printed = capsys.readouterr().out.split("\n")
    assert float(printed[0]) > 0  # the diameter
    assert len(eval(printed[1])) == 10  # ten sites
