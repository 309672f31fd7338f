"""The live page's address on the room's network: what ``tournament serve`` prints, and what
``tournament sheets`` prints on each score sheet (the address of its table's entry page).
``socket`` is imported only when an address is worked out."""

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
