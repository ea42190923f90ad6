#pragma once

#include "llmsizer/model/model.h"

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
