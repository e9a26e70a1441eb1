-- No parallel scans of orders: the list and counts read one partner's index range, and a parallel plan of the
-- counts (chosen once the covering indexes carry the search signature) spent 18 ms of CPU where the serial
-- plan spends 11.5, with 8 requests at once on 2 cores (docs/performance.md, "Orders list").
ALTER TABLE "orders" SET (parallel_workers = 0);
