"""Write every game's observation layout into ``docs/rl.md`` (between its markers).

The tables come from ``Game.observation_layout`` (``gangland.engine.tensordoc``), and
``tests/rl/test_observation_tensor.py`` fails when the doc and the code differ. Run from
the checkout after changing an encoder:

    PYTHONPATH=src python scripts/observation_layout.py
"""

from __future__ import annotations

from pathlib import Path

from gangland.engine.tensordoc import BEGIN, END, observation_doc

DOC = Path(__file__).resolve().parents[1] / "docs" / "rl.md"


def main() -> None:
    text = DOC.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    DOC.write_text(head + observation_doc() + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
