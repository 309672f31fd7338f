"""The root options about the program itself: ``--version`` (``--verbose``), and
``--install-completion`` / ``--show-completion`` (Typer's, with the shell named or found).

They are read by :func:`coinche_cli.cli.main.run` before any command is built, and declared
on the root command for its help page (and for the app called in-process): ``coinche
--version`` loads nothing of the commands.
"""

import os
import sys

from coinche_cli.cli.output import print_line
from coinche_cli.errors import InputError
from coinche_cli.i18n import _

#: The shells whose completion coinche installs (:mod:`coinche_cli.cli.completion`).
SHELLS = ("bash", "zsh", "fish")


def _version_of(distribution: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def version_lines(verbose: bool) -> list[str]:
    """``coinche X.Y.Z`` (the installed package's metadata: the version pyproject.toml
    gives); with ``verbose``, what a bug report needs besides: Python, SQLite, Typer and the
    PostgreSQL driver."""
    own = _version_of("coinche")
    lines = [f"coinche {own}" if own else _("coinche (not installed: no version)")]
    if not verbose:
        return lines
    import platform

    from coinche_cli.store.sqlite import library_version

    lines.append(f"Python {platform.python_version()} ({platform.python_implementation()}, "
                 f"{platform.system()} {platform.machine()})")
    lines.append(f"SQLite {library_version()}")
    lines.append(f"Typer {_version_of('typer') or '?'}")
    psycopg = _version_of("psycopg")
    if psycopg is None:
        lines.append(_("psycopg (PostgreSQL): not installed (pip install 'coinche[postgres]')"))
    else:
        builds = [f"{name} {found}" for name in ("psycopg-binary", "psycopg-c")
                  if (found := _version_of(name)) is not None]
        lines.append(f"psycopg {psycopg}" + (f" ({', '.join(builds)})" if builds else ""))
    return lines


def show_version(verbose: bool) -> None:
    """Print the version (and, ``verbose``, the libraries')."""
    for line in version_lines(verbose):
        print_line(line)


def shell_named(option: str, asked: str | None) -> str:
    """The shell ``asked`` for after ``option``, else the one this command runs in (found
    as Typer finds it, with shellingham, else ``$SHELL``); one line and exit 2 for a shell
    coinche does not complete for."""
    shell = asked
    if shell is None:
        try:
            import shellingham  # type: ignore[import-untyped]  # Typer's: how it finds the shell

            shell = shellingham.detect_shell()[0]
        except Exception:  # no shell among the parents (a script, a service)
            shell = os.path.basename(os.environ.get("SHELL", "")) or None
    if shell not in SHELLS:
        if shell is None:
            raise InputError(option, _("cannot tell which shell this is: name it after the "
                                       "option ({shells})"), shells=", ".join(SHELLS))
        raise InputError(option, _("“{got}” is not a shell coinche completes for ({shells})"),
                         got=shell, shells=", ".join(SHELLS))
    return shell


def script(shell: str) -> str:
    """The completion script for ``shell`` (Typer's)."""
    from typer._completion_shared import get_completion_script

    from coinche_cli.cli.completion import COMPLETE_VAR

    return get_completion_script(prog_name="coinche", complete_var=COMPLETE_VAR, shell=shell)


def show_completion(asked: str | None) -> None:
    """Print the completion script of the shell (to copy it or install it by hand)."""
    sys.stdout.write(script(shell_named("--show-completion", asked)) + "\n")


def install_completion(asked: str | None) -> None:
    """Install the completion script where the shell reads it, as Typer does (bash:
    ``~/.bash_completions/coinche.sh`` sourced from ``~/.bashrc``; zsh: ``~/.zfunc``; fish:
    ``~/.config/fish/completions``)."""
    from typer._completion_shared import install

    from coinche_cli.cli.completion import COMPLETE_VAR

    shell = shell_named("--install-completion", asked)
    try:
        _shell, path = install(shell=shell, prog_name="coinche", complete_var=COMPLETE_VAR)
    except OSError as exc:
        from coinche_cli.errors import ExportFailed

        raise ExportFailed(_("the completion could not be installed: {reason}").format(
            reason=exc.strerror or exc)) from None
    print_line(_("{shell} completion installed in {path}").format(shell=shell, path=path))
    print_line(_("it works in the terminals opened from now on"))
