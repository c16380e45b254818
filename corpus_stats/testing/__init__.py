"""Loopback stand-ins for the services the back-ends ask: Elasticsearch (``es_fake``) and
the web services (``web_fakes``). The tests and benchmarks run the network back-ends
against them, and users can too: they listen on 127.0.0.1 only.
"""
