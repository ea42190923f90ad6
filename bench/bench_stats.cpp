#include "bench_stats.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace llmsizer::bench {

namespace {

std::vector<std::string>& wantedNames()
{
    static std::vector<std::string> names;
    return names;
}

} // namespace

void setWanted(const std::string& commaSeparated)
{
    std::vector<std::string>& names = wantedNames();
    names.clear();
    std::size_t start = 0;
    while (start <= commaSeparated.size()) {
        const std::size_t end = std::min(commaSeparated.find(',', start), commaSeparated.size());
        if (end > start) {
            names.push_back(commaSeparated.substr(start, end - start));
        }
        start = end + 1;
    }
}

bool wanted(const char* name)
{
    const std::vector<std::string>& names = wantedNames();
    return names.empty() || std::find(names.begin(), names.end(), name) != names.end();
}

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty()) {
        return 0;
    }
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

void Samples::print(const char* name, const std::string& extra) const
{
    std::printf("{\"name\": \"%s\", \"count\": %zu, \"median_ms\": %.3f, \"p99_ms\": %.3f, "
                "\"max_ms\": %.3f, \"cpu_median_ms\": %.3f, \"cpu_p99_ms\": %.3f, "
                "\"cpu_max_ms\": %.3f%s}\n",
                name, m_wall.size(), percentile(m_wall, 0.5), percentile(m_wall, 0.99),
                percentile(m_wall, 1.0), percentile(m_cpu, 0.5), percentile(m_cpu, 0.99),
                percentile(m_cpu, 1.0), extra.c_str());
    std::fflush(stdout);
}

} // namespace llmsizer::bench
