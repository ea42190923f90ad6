#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/text/format.h"

#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace llmsizer::ui {

// A core string (UTF-8) as a QString: the one conversion the widgets use.
inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// A name read from a file (a model's, a GPU's, a baseline's) for a label: control characters and
// bidirectional overrides are shown as \xNN and \uXXXX (terminalSafe), never obeyed, so that a
// right-to-left override cannot reverse the text around it nor a newline add a line. Names are
// at most kMaxNameChars characters (the core's readers bound them); labels elide them by width.
inline QString shownName(const QString& name)
{
    return QString::fromStdString(terminalSafe(name.toStdString(), /*keepNewlines=*/false));
}
inline QString shownName(const std::string& name)
{
    return QString::fromStdString(terminalSafe(name, /*keepNewlines=*/false));
}

// The core's validation issues as one text, "PREFIXfield: message" each, joined by `separator`.
inline QString issuesText(const std::vector<ValidationIssue>& issues, const QString& separator,
                          const QString& prefix = {})
{
    QStringList lines;
    for (const ValidationIssue& i : issues) {
        lines << prefix + qs(i.field) + QStringLiteral(": ") + qs(i.message);
    }
    return lines.join(separator);
}

} // namespace llmsizer::ui
