"""The live page's connections: uvicorn's HTTP/1.1 protocol (h11) with the guards a hall's
network needs, and the server run until Ctrl-C or SIGTERM.

What uvicorn gives does not hold a connection that sends nothing, or half a request:
``timeout_keep_alive`` runs only between requests, after an answer;
``h11_max_incomplete_event_size`` bounds the headers' size, not their time;
``limit_concurrency`` answers 503 once a request has arrived, and counts every client
together.  One client opening a thousand connections and sending half a request on each
would hold as many files (1,024 is the usual limit), and the page would answer no one.
An ASGI middleware sees a request only once its headers are in, too late; so the guard is
in the protocol that reads the bytes, a timer per connection (:class:`GuardedH11`):

- a request's headers must arrive within :data:`HEADER_SECONDS` of the connection (or of
  its first byte, on a connection kept open after an answer), the whole request (an entry
  form's body: at most 4 KiB) within :data:`REQUEST_SECONDS`; past that, the connection is
  closed (with a ``408`` if part of a request came);
- one client (an address, an IPv6 /64: :func:`~coinche_cli.web.guard.client_of`) holds at
  most :data:`MAX_PER_CLIENT` connections, and all together leave room in the process's
  open files (:func:`room`): a connection past either is closed as it is accepted, so the
  page keeps answering the others.  That check is made in the listening socket's
  ``accept`` (:class:`_Listener`): asyncio accepts a whole burst of connections before it
  makes a protocol for any of them, so a burst of 300 would run out of files (and asyncio
  would stop accepting for a second) before a protocol could close the extra ones.

A phone is known by the address its connection comes from, never by what a request says of
itself: no ``X-Forwarded-For`` is read (uvicorn's default trusts it from 127.0.0.1, which
would let a program on the director's computer pose as any number of phones and get round
the per-phone bounds of :mod:`coinche_cli.web.guard`), unless ``tournament serve --proxy
ADDRESS`` names the proxy in front of the server: then that header is read from that
address only, and the proxy, which carries every phone's connections, is held to the bound
of all connections together, not to one client's.
"""

from __future__ import annotations

import asyncio
import signal
import socket
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from coinche_cli.web.guard import client_of

if TYPE_CHECKING:
    from starlette.types import ASGIApp

#: Seconds a request's headers may take to arrive, and the whole request.
HEADER_SECONDS = 5.0
REQUEST_SECONDS = 10.0
#: Connections one client may hold open (a browser opens at most six to a site).
MAX_PER_CLIENT = 64
#: Open files kept for the server's own use (the store, the worker's pipes, the threads'
#: connections to the store), out of the process's limit.
RESERVED_FILES = 200
#: What a request that did not arrive in time is answered, if part of it came.
TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
             b"content-length: 15\r\nconnection: close\r\n\r\nrequest timeout")


class _Tally:
    """The connections open, by client and in all; ``proxy``, the client whose connections
    carry every phone's, is held to the bound of all of them only."""

    def __init__(self, most: int, proxy: str | None = None) -> None:
        self.most = most
        self.proxy = proxy
        self.total = 0
        self.by_client: Counter[str] = Counter()

    def admit(self, client: str) -> bool:
        """Count a new connection of ``client``, if the bounds leave it room."""
        if self.total >= self.most or (
                client != self.proxy and self.by_client[client] >= MAX_PER_CLIENT):
            return False
        self.total += 1
        self.by_client[client] += 1
        return True

    def release(self, client: str) -> None:
        """A connection of ``client`` is closed."""
        self.total -= 1
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]


class _Listener(socket.socket):
    """The listening socket: a connection past the bounds of :class:`_Tally` is closed as
    it is accepted (its file at once free again), and the next one is accepted instead."""

    tally: _Tally

    def accept(self) -> tuple[socket.socket, Any]:
        while True:
            connection, address = super().accept()  # BlockingIOError: none left
            if self.tally.admit(client_of(address[0])):
                return connection, address
            connection.close()


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request and a bound on connections
    (see the module).  :func:`guarded` makes the class a server uses, with its own tally."""

    tally: ClassVar[_Tally]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._key: str | None = None  # the client, once counted
        self._timer: asyncio.TimerHandle | None = None
        self._started = 0.0  # when the request being waited for began

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        # the answer leaves at once: uvicorn writes a response's head and its body apart, and
        # with Nagle's algorithm the body waited for the phone's delayed ACK of the head (40
        # ms on Linux, every answer: bench/sheet.py); asyncio turns it off only on sockets
        # made with IPPROTO_TCP, which the listener now is too
        connection = transport.get_extra_info("socket")
        if connection is not None:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
        self._key = client_of(self.client[0] if self.client else None)  # counted as accepted
        self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self._key is not None:
            self.tally.release(self._key)
            self._key = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.IDLE or state is h11.SEND_BODY:
            if self._timer is None:  # the first bytes of a request after an answer
                self._wait_for_request()
        else:  # the request is in (or the connection is ending): its answer is the app's
            self._cancel()

    def _wait_for_request(self) -> None:
        self._started = self.loop.time()
        self._arm(HEADER_SECONDS)

    def _arm(self, seconds: float) -> None:
        self._cancel()
        self._timer = self.loop.call_later(seconds, self._expired)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self) -> None:
        """The request has not arrived in time: its headers, or its body."""
        self._timer = None
        if self.transport.is_closing():
            return
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            left = self._started + REQUEST_SECONDS - self.loop.time()
            if left > 0:  # the headers came in time: the body has until the request's end
                self._arm(left)
                return
        elif state is not h11.IDLE:
            return  # the request is in
        # the keep-alive timer closes a connection idle after an answer; here the request
        # started (or the connection opened) and never came whole
        started = state is h11.SEND_BODY or bool(self.conn.trailing_data[0])
        if started and self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
            self.transport.write(TIMED_OUT)
        self.transport.close()


def room() -> int:
    """How many connections the server may hold: its open files' limit, raised to the
    system's ceiling where it is lower (1,024 is a usual default), less
    :data:`RESERVED_FILES`."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return 1_000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    files = 65_536 if soft == resource.RLIM_INFINITY else soft
    return max(files - min(RESERVED_FILES, files // 2), 1)


class Forwarded(TypedDict):
    """uvicorn's two options for the forwarded headers (``uvicorn.Config``)."""
    proxy_headers: bool
    forwarded_allow_ips: list[str]


def forwarded(proxy: str | None) -> Forwarded:
    """uvicorn's options for the forwarded headers: none read without a proxy (whatever
    ``FORWARDED_ALLOW_IPS`` says: the list is always given), else read from ``proxy`` only
    (an IPv4 address also as an IPv6 listener sees it, ``::ffff:``-mapped)."""
    if proxy is None:
        return {"proxy_headers": False, "forwarded_allow_ips": []}
    allowed = [proxy]
    if "." in proxy and ":" not in proxy:
        allowed.append(f"::ffff:{proxy}")
    return {"proxy_headers": True, "forwarded_allow_ips": allowed}


def listen(host: str, port: int, proxy: str | None = None) -> _Listener:
    """The listening socket on ``host:port``, holding at most :func:`room` connections
    (``OSError`` when it cannot be had); ``proxy``: the address of the proxy in front of it,
    if any."""
    listener = _Listener(socket.AF_INET6 if ":" in host else socket.AF_INET,
                         socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.tally = _Tally(room(), None if proxy is None else client_of(proxy))
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except BaseException:
        listener.close()
        raise
    return listener


def serve(app: ASGIApp, host: str, port: int, proxy: str | None = None) -> None:
    """Run ``app`` on ``host:port`` until Ctrl-C or SIGTERM, which end it the same way: the
    open requests answered (at most 5 s), the worker ended, nothing printed.  ``proxy``: the
    address of the proxy in front of it, the only one whose ``X-Forwarded-For`` is read (none
    is, without it).  ``OSError`` when the address cannot be listened on."""
    import uvicorn

    listener = listen(host, port, proxy)

    class Guarded(GuardedH11):
        tally = listener.tally

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            server_header=False, http=Guarded, ws="none",
                            timeout_graceful_shutdown=5, **forwarded(proxy))
    server = uvicorn.Server(config)

    def stop(signum: int, frame: object) -> None:
        # uvicorn takes SIGTERM while it runs, then sends it again to the handler it found:
        # this one, which ends the server as Ctrl-C does instead of killing the process
        # (the worker's semaphores would then leak)
        server.should_exit = True

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # Ctrl-C, sent again by uvicorn once it stopped
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
