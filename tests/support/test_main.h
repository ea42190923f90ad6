// The tests of one layer share one executable (tests_core, tests_present, tests_cli, tests_ui),
// and each test unit stays a ctest test of its own: ctest runs `tests_ui tst_ui_window [Qt Test
// arguments]`. One executable per layer instead of one per unit saves a link, a moc pass and a
// precompiled header per unit. A unit ends with one of the macros below in place of Qt's
// QTEST_MAIN family; they build the same application object QTEST_MAIN would and register the
// unit under its file's name (tst_ui_window.cpp registers "tst_ui_window").
#pragma once

#include <QtTest>

namespace llmsizer::test {

using UnitMain = int (*)(int argc, char** argv);

// Registers a unit under the base name of `file` (its __FILE__); returns true. Called from static
// initialisers, before main().
bool registerUnit(const char* file, UnitMain main);

} // namespace llmsizer::test

// QTEST_MAIN_WRAPPER's body (qtest.h), as a function of its own, registered by file name.
#define LLMSIZER_TEST_WRAPPER(TestObject, ...)                                                     \
    namespace {                                                                                    \
    int llmsizerUnitMain(int argc, char** argv)                                                    \
    {                                                                                              \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                         \
        __VA_ARGS__                                                                                \
        TestObject tc;                                                                             \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return QTest::qExec(&tc, argc, argv);                                                      \
    }                                                                                              \
    [[maybe_unused]] const bool llmsizerUnitRegistered =                                           \
        llmsizer::test::registerUnit(__FILE__, &llmsizerUnitMain);                                 \
    }

// QTEST_MAIN: the application object the unit's Qt modules call for (QApplication with widgets).
#define LLMSIZER_TEST_MAIN(TestObject) LLMSIZER_TEST_WRAPPER(TestObject, QTEST_MAIN_SETUP())
// QTEST_GUILESS_MAIN: a QCoreApplication.
#define LLMSIZER_TEST_GUILESS_MAIN(TestObject)                                                     \
    LLMSIZER_TEST_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
// QTEST_APPLESS_MAIN: no application object.
#define LLMSIZER_TEST_APPLESS_MAIN(TestObject) LLMSIZER_TEST_WRAPPER(TestObject)
// A unit with a main of its own (one that sets the environment before the application exists):
// `function` has main's signature.
#define LLMSIZER_TEST_CUSTOM_MAIN(function)                                                        \
    namespace {                                                                                    \
    [[maybe_unused]] const bool llmsizerUnitRegistered =                                           \
        llmsizer::test::registerUnit(__FILE__, &function);                                         \
    }
