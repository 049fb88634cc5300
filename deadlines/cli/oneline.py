"""Command-line errors in one line, exit status 2 (README, "Command line")."""
from __future__ import annotations

import sys

import click


def fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


class OneLine(click.Command):
    """A command whose usage mistakes (an unknown option, a missing value) are
    one line and exit status 2, like the input errors it finds itself."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            fail(exc.format_message())
