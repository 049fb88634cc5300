"""``python -m deadlines.cli``: the same as the ``deadlines`` command."""
from deadlines.cli import main

main()
