// The main() of the per-layer test executables (test_main.h): `tests_core tst_count -v2` runs the
// unit tst_count with Qt Test's arguments `-v2`; with no unit, or `--list`, prints the units.
#include "support/test_main.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace llmsizer::test {

namespace {

// Built on first use: registrations run from static initialisers in any order.
std::map<std::string, UnitMain>& units()
{
    static std::map<std::string, UnitMain> all;
    return all;
}

std::string baseName(const char* file)
{
    std::string name(file);
    const std::size_t slash = name.find_last_of('/');
    if (slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    const std::size_t dot = name.rfind('.');
    if (dot != std::string::npos) {
        name.erase(dot);
    }
    return name;
}

int listUnits(std::FILE* out)
{
    for (const auto& entry : units()) {
        std::fprintf(out, "%s\n", entry.first.c_str());
    }
    return 0;
}

} // namespace

bool registerUnit(const char* file, UnitMain main)
{
    const std::string name = baseName(file);
    if (!units().emplace(name, main).second) {
        std::fprintf(stderr, "error: two test units are named %s\n", name.c_str());
        std::abort();
    }
    return true;
}

} // namespace llmsizer::test

int main(int argc, char** argv)
{
    using llmsizer::test::units;
    if (argc < 2 || std::strcmp(argv[1], "--list") == 0) {
        if (argc < 2) {
            std::fprintf(stderr, "usage: %s UNIT [Qt Test arguments]; the units:\n", argv[0]);
            llmsizer::test::listUnits(stderr);
            return 2;
        }
        return llmsizer::test::listUnits(stdout);
    }
    const auto unit = units().find(argv[1]);
    if (unit == units().end()) {
        std::fprintf(stderr, "error: no test unit named %s; the units:\n", argv[1]);
        llmsizer::test::listUnits(stderr);
        return 2;
    }
    // The unit gets the executable's name and the arguments after its own name, as its own main
    // would have got them.
    std::vector<char*> args;
    args.push_back(argv[0]);
    for (int i = 2; i < argc; ++i) {
        args.push_back(argv[i]);
    }
    args.push_back(nullptr);
    return unit->second(static_cast<int>(args.size()) - 1, args.data());
}
