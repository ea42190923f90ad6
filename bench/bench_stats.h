#pragma once

#include <QElapsedTimer>
#include <string>
#include <vector>

// Wall and process CPU time of repeated actions, printed as one JSON line per kind of action.
namespace llmsizer::bench {

// CPU time of the whole process (all threads), in ms: on a busy machine the wall time of an
// action includes waiting for a core; this does not.
double cpuMs();
double percentile(std::vector<double> v, double p);
// The measures to run (--only: names as printed, comma-separated); all when none is given.
void setWanted(const std::string& commaSeparated);
bool wanted(const char* name);

class Samples {
public:
    // Times `action` (which should end with the repaint it causes).
    template <typename F> void measure(F&& action)
    {
        const double cpu0 = cpuMs();
        QElapsedTimer t;
        t.start();
        action();
        m_wall.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        m_cpu.push_back(cpuMs() - cpu0);
    }
    const std::vector<double>& wall() const { return m_wall; }
    const std::vector<double>& cpu() const { return m_cpu; }
    // {"name": …, "count": N, "median_ms", "p99_ms", "max_ms", "cpu_median_ms", "cpu_p99_ms",
    //  "cpu_max_ms"[, extra]}; `extra` is more JSON members, starting with ", ".
    void print(const char* name, const std::string& extra = {}) const;

private:
    std::vector<double> m_wall;
    std::vector<double> m_cpu;
};

} // namespace llmsizer::bench
