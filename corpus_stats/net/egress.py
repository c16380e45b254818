"""Whether a request may leave this machine: the one place that decides, before any socket opens.

Every URL the network back-ends use goes through ``destination`` (to declare whether
a back-end sends terms off the machine) and every request through ``outbound_url``
(right before it is sent). The rules:

- **The URL must say plainly where it goes.** It is parsed the way the transport
  parses it (requests prepares it, urllib3 splits it) and the way the standard library
  does; if they disagree on the host (``http://192.0.2.1\\@127.0.0.1:9200/``), or the URL
  holds a backslash, whitespace or a control character, it is refused.
- **On this machine** means a literal loopback address (127.0.0.0/8, ::1, IPv4-mapped
  127.x) or ``localhost``, which is resolved here and must give loopback addresses only;
  the request is then sent to that address (pinned), so nothing resolves it again.
  Any other name is taken to be off the machine *without* looking it up: a DNS query
  for it would already tell a resolver which service is about to be asked.
- **Off the machine** only for a caller that declared it (``may_leave_machine``): the
  back-ends that declare ``sends_terms_off_machine``, which the sanitizer runs only
  with ``--allow-web``, and ``corpus push`` to the cluster the user names.
- **No detour.** Proxy settings of the environment (HTTP_PROXY, HTTPS_PROXY,
  ALL_PROXY, .netrc) are never used and redirects are never followed: the sessions of
  ``corpus_stats.net.http`` are built that way, and a 3xx answer is an error.

Messages name the host, never the path or query (they hold terms, and keys).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Optional
from urllib.parse import urlsplit

from ..errors import EgressRefusedError

_UNSAFE_CHARACTERS = re.compile(r"[\\\s\x00-\x1f\x7f]")
LOOPBACK_NAMES = frozenset({"localhost"})


@dataclass(frozen=True)
class Destination:
    scheme: str
    host: str  # without brackets, lower case
    port: Optional[int]
    on_this_machine: bool

    @property
    def authority(self) -> str:
        """host:port for messages (no user name, no password)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}" if self.port else host


def is_loopback_host(host: str) -> bool:
    """A literal loopback address or "localhost" (for a server to bind to, not a URL to ask)."""
    return host in LOOPBACK_NAMES or _loopback_address(host)


def _loopback_address(host: str) -> bool:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or bool(mapped and mapped.is_loopback)


def _transport_host(url: str) -> str:
    """The host the transport would connect to (requests' preparation, urllib3's parser)."""
    import requests
    from urllib3.util import parse_url

    prepared = requests.models.PreparedRequest()
    prepared.prepare_url(url, None)
    # prepare_url always sets a URL; were it missing, the empty host refuses the request.
    return (parse_url(prepared.url or "").host or "").strip("[]").lower()


def destination(url: str) -> Destination:
    """Where ``url`` goes. EgressRefusedError when the URL does not say it plainly."""
    # requests is imported where a URL is checked, not with the module: a run that
    # sends nothing (every local back-end) does not pay its tenth of a second.
    import requests

    if _UNSAFE_CHARACTERS.search(url):
        raise EgressRefusedError(
            "refused a URL holding a backslash, whitespace or a control character: "
            "its host is read differently by different parsers"
        )
    try:
        parts = urlsplit(url)
        standard_host = (parts.hostname or "").lower()
        port = parts.port
        transport_host = _transport_host(url)
    except (ValueError, requests.RequestException):
        raise EgressRefusedError("refused a URL that cannot be parsed (check the scheme, host and port)") from None
    if parts.scheme not in ("http", "https") or not standard_host:
        raise EgressRefusedError("refused a URL that is not http:// or https:// with a host")
    if standard_host != transport_host:
        raise EgressRefusedError("refused a URL whose host is read differently by different parsers")
    on_machine = standard_host in LOOPBACK_NAMES or _loopback_address(standard_host)
    return Destination(parts.scheme, standard_host, port, on_machine)


def _pinned_loopback(url: str, where: Destination, service: str) -> str:
    """``localhost`` resolved here, every address checked, the request sent to the first."""
    try:
        infos = socket.getaddrinfo(where.host, where.port or 80, type=socket.SOCK_STREAM)
    except OSError:
        raise EgressRefusedError(f"{service}: {where.host} does not resolve on this machine") from None
    # An IPv4 or IPv6 socket address starts with the address as a string.
    addresses = [str(info[4][0]) for info in infos]
    if not addresses or not all(_loopback_address(a) for a in addresses):
        raise EgressRefusedError(f"{service}: {where.host} resolves to an address off this machine; refused")
    from urllib3.util import parse_url

    address = addresses[0]
    return parse_url(url)._replace(host=f"[{address}]" if ":" in address else address).url


def outbound_url(url: str, *, may_leave_machine: bool, service: str) -> str:
    """The URL to send ``url``'s request to, or EgressRefusedError. Called right before
    each request: nothing has been resolved or connected when it refuses."""
    try:
        where = destination(url)
    except EgressRefusedError as exc:
        raise EgressRefusedError(f"{service}: {exc}") from None
    if where.on_this_machine:
        return _pinned_loopback(url, where, service) if where.host in LOOPBACK_NAMES else url
    if not may_leave_machine:
        raise EgressRefusedError(
            f"{service}: {where.authority} is not on this machine; a request there was "
            "refused before it was sent (it needs `allow_web`)"
        )
    return url


def spark_master_on_this_machine(master: str) -> bool:
    """Whether a Spark master URL keeps the work on this machine: ``local``, ``local[N]``,
    or ``spark://`` with loopback hosts only (literal addresses or ``localhost``, not looked
    up); a cluster manager (yarn, k8s://, mesos://) or any other host is not."""
    if master == "local" or master.startswith("local["):
        return True
    if not master.startswith("spark://"):
        return False
    hosts = [part.rsplit(":", 1)[0].strip("[]").lower() for part in master[len("spark://") :].split(",")]
    return all(host in LOOPBACK_NAMES or _loopback_address(host) for host in hosts)
