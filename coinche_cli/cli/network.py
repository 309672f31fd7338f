"""The live page's address on the room's network: what ``tournament serve`` prints, and what
``tournament sheets`` prints on each score sheet (the address of its table's entry page).
``socket`` is imported only when an address is worked out.  And what both servers (``tournament
serve``, ``game serve``) check of the address they are told to listen on."""

import typer

from coinche_cli.errors import InputError
from coinche_cli.i18n import _

#: The port ``tournament serve`` listens on unless told otherwise (its ``--port`` default: a
#: literal there, so that loading the command does not load this module).
DEFAULT_PORT = 8000
#: The addresses that mean "every address of this computer".
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def reachable(host: str) -> str:
    """The address phones type: the one given, or this computer's on the room's network
    when it listens on every address (0.0.0.0)."""
    import socket

    if host not in EVERY_ADDRESS:
        return host
    try:  # the address the system would reach the network from (nothing is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def live_address(host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> str:
    """The live page's address as ``tournament serve --host HOST --port PORT`` prints it
    (``http://192.168.1.10:8000/``); an IPv6 address between brackets."""
    shown = reachable(host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"

def given(ctx: typer.Context, option: str) -> bool:
    """Whether the command line gave ``option`` (its value is not the default)."""
    source = ctx.get_parameter_source(option)
    return source is not None and source.name != "DEFAULT"
def refuse_busy(host: str, port: int) -> None:
    """One line, not uvicorn's traceback, when the port is taken (blamed on ``--port``) or
    the address is none of this computer's (blamed on ``--host``)."""
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except (OSError, ValueError, TypeError) as exc:  # a name that is no name: not OSError
        raise blamed(exc, host, port) from None
def blamed(exc: Exception, host: str, port: int) -> InputError:
    """Why ``host:port`` cannot be listened on, blamed on the option to change."""
    import errno
    import socket

    reason = getattr(exc, "strerror", None) or exc
    if not isinstance(exc, OSError) or isinstance(exc, socket.gaierror) or exc.errno in (
            errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT, errno.EINVAL):
        return InputError("host", _("cannot listen on {got} ({reason}): give an address of "
                                    "this computer, 127.0.0.1 or 0.0.0.0"),
                          got=host, reason=reason)
    return InputError("port", _("cannot listen on {host}:{port} ({reason}): choose another "
                                "--port"), host=host, port=port, reason=reason)
