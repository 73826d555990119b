"""docs/python.md runs: every ```python block, in order, in one namespace."""
import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"


def test_tutorial_runs(capsys):
    namespace = {}
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 6
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    out = capsys.readouterr().out
    assert "['depot', 'a', 'b', 'c']" in out
    assert "[inf inf inf  0.]" in out
    assert "negative cycle" in out
