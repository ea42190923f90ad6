// Helper of tst_atomic_save: writes content B and A alternately to TARGET through
// writeFileAtomically until it is killed. Prints one line per completed write.
#include "llmsizer/json/jsonio.h"
#include "support/atomic_content.h"

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fputs("usage: atomic_writer TARGET\n", stderr);
        return 2;
    }
    const std::string a = testsupport::atomicContent('A');
    const std::string b = testsupport::atomicContent('B');
    for (unsigned long i = 0;; ++i) {
        llmsizer::writeFileAtomically(argv[1], i % 2 == 0 ? b : a);
        std::printf("%lu\n", i);
        std::fflush(stdout);
    }
}
