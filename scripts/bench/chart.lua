-- POST /v1/chart: a birth in, the chart JSON out (scripts/bench-serve.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}'
dofile("scripts/bench/statuses.lua")
