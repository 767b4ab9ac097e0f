-- Every answer of a wrk run counted by its status, for a script that sets the request and then loads this one
-- (`dofile("scripts/bench/statuses.lua")`, from the repository's root). A request is served only by a 2xx: a 429,
-- a 502 or a 503 is a refusal, whatever wrk's own requests a second count. The last lines of wrk's output:
--   answers: 200=39893 503=12
--   served (2xx): 39893 of 39905 answers; not 2xx: 12; socket errors: 0 (connect 0, read 0, write 0, timeout 0)

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    counts = {}
end

function response(status, headers, body)
    counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
    local totals = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("counts")) do
            totals[status] = (totals[status] or 0) + count
        end
    end
    local answered, served, line = 0, 0, {}
    for status, count in pairs(totals) do
        answered = answered + count
        if status >= 200 and status < 300 then served = served + count end
        table.insert(line, status .. "=" .. count)
    end
    table.sort(line)
    local e = summary.errors
    io.write(string.format("answers: %s\n", table.concat(line, " ")))
    io.write(string.format("served (2xx): %d of %d answers; not 2xx: %d; socket errors: %d (connect %d, read %d, write %d, timeout %d)\n",
        served, answered, answered - served, e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout))
    io.write(string.format("served a second: %.0f\n", served / (summary.duration / 1e6)))
end
