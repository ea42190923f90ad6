#pragma once

// The bad-input suite: tst_bad_inputs.cpp runs the rows, support/bad_input_rows.cpp lists them.
#include <QObject>
#include <QtTest>

class TestBadInputs : public QObject {
    Q_OBJECT
private slots:
    // Each row: command (e.g. "count --config"), file name, Make, content, size, and the message
    // after "error: ", which names the file as given on the command line.
    void cliRejects_data();
    void cliRejects();
    void everyModelCommandRejects_data();
    void everyModelCommandRejects();
    // Each row: content and the message after the file's path.
    void sessionRejects_data();
    void sessionRejects();
};
