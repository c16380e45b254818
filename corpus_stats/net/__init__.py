"""The network layer of the web and cluster back-ends: the egress guard that decides
where a request may go, the HTTP client with retries and rate limits, and the options
of the web services.
"""
