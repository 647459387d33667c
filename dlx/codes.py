"""The batch kernels' status codes, in a module of their own that imports nothing (no
numpy), for callers that read them before any search has loaded a kernel.
`dlx.batch` gives the same names."""

__all__ = ["STATUSES", "COMPLETE", "LIMIT", "NODES", "OVERFLOW", "CLASH"]

STATUSES = ("complete", "limit", "nodes", "overflow", "clash")
"""What `dlx.batch.BatchArrays.codes` mean, by code: the whole tree was searched (the
count is exact); ``limit`` solutions were found; the node budget ran out; the
count reached 2**63 - 1; the member's forced options clash (no solution)."""

COMPLETE, LIMIT, NODES, OVERFLOW, CLASH = range(len(STATUSES))
