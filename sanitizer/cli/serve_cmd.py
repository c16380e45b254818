"""`sanitizer serve`: the engine as an HTTP service (FastAPI on uvicorn; the `serve` extra)."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from ic_sanitizer.corpus_stats.net.egress import is_loopback_host

from ..errors import ConfigurationError, ServiceUnavailableError
from ..pipeline import Sanitizer
from .common import announce_backends, reported_errors, stderr
from .engine_options import EngineOptions
from .engine_params import CHOOSING, DIAL, POLICY, WRITING, engine_options
from .options import (
    ConcurrencyOption,
    MaxBodyMbOption,
)

TOKEN_VARIABLE = "SANITIZER_SERVICE_TOKEN"


@engine_options(
    "backend",
    "s2_backend",
    *DIAL,
    *POLICY,
    *WRITING,
    *CHOOSING,
    "protect",
    "extractor",
    "cache_dir",
    "no_cache",
    "workers",
    "allow_web",
)
def serve_command(
    context: typer.Context,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="Address to listen on. Another than loopback makes the service reachable from other machines: it "
            f"then needs a token (the environment variable {TOKEN_VARIABLE}).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port to listen on (0: any free port, printed).")
    ] = 8000,
    max_body_mb: MaxBodyMbOption = 10.0,
    concurrency: ConcurrencyOption = 32,
) -> None:
    """Serve the engine over HTTP: /sanitize, Presidio's /analyze and /anonymize, /health, /kinds, /openapi.json."""
    with reported_errors():
        try:
            import uvicorn

            from ..service.app import create_app
        except ImportError:
            raise ServiceUnavailableError(
                "the service needs the serve extra: pip install 'ic-sanitizer[serve]'"
            ) from None
        if not max_body_mb > 0:
            raise ConfigurationError("--max-body-mb must be a positive number of megabytes")
        token = os.environ.get(TOKEN_VARIABLE) or None
        if not is_loopback_host(host) and token is None:
            raise ConfigurationError(
                f"--host {host} is reachable from other machines: set ${TOKEN_VARIABLE} "
                "to a secret that every request must bear"
            )
        listening = listen(host, port)
        with listening, Sanitizer(EngineOptions.of(context).settings()) as sanitizer:
            announce_backends(sanitizer)
            app = create_app(sanitizer, token, int(max_body_mb * 1e6))
            # no access log: a request's path and client are all it would say, and nothing is asked of it
            config = uvicorn.Config(
                app, limit_concurrency=uvicorn_limit(concurrency), log_level="warning", access_log=False
            )
            bound_host, bound_port = listening.getsockname()[:2]
            stderr.print(
                f"serving on http://{url_host(bound_host)}:{bound_port} (Ctrl-C stops)", markup=False, highlight=False
            )
            uvicorn.Server(config).run(sockets=[listening])


def uvicorn_limit(concurrency: int) -> int:
    """uvicorn's limit_concurrency for ``concurrency`` requests in flight: uvicorn counts the
    connection asking too (a limit of 1 refused every request)."""
    return concurrency + 1


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (port 0: a free one), or one line saying why not."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except (OSError, OverflowError) as exc:
        raise ServiceUnavailableError(
            f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    return listening


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
