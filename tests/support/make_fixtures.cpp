// make_fixtures DIR stores|many N|machine NAME: lays out the tests' model stores (a home folder)
// or a fake machine root in DIR, for looking at the CLI and the app by hand (screenshots,
// docs/local.md) and for the local_scan benchmark.
#include "fake_machine.h"
#include "model_stores.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: make_fixtures DIR stores|showcase|many N|machine "
                             "rtx4090|mixed|rx7900xtx|nogpu\n");
        return 2;
    }
    const std::string dir = argv[1];
    const std::string what = argv[2];
    if (what == "stores") {
        testsupport::buildTestStores(dir);
    } else if (what == "showcase") {
        testsupport::buildShowcaseStores(dir);
    } else if (what == "many" && argc > 3) {
        testsupport::buildManyStores(dir, std::atoi(argv[3]));
    } else if (what == "machine" && argc > 3) {
        const std::map<std::string, testsupport::FakeMachine> machines = {
            {"rtx4090", testsupport::FakeMachine::Rtx4090},
            {"mixed", testsupport::FakeMachine::MixedNvidia},
            {"rx7900xtx", testsupport::FakeMachine::Rx7900Xtx},
            {"nogpu", testsupport::FakeMachine::NoGpu}};
        const auto it = machines.find(argv[3]);
        if (it == machines.end()) {
            std::fprintf(stderr, "unknown machine %s\n", argv[3]);
            return 2;
        }
        testsupport::buildFakeMachine(dir, it->second);
    } else {
        std::fprintf(stderr, "unknown fixture %s\n", what.c_str());
        return 2;
    }
    return 0;
}
