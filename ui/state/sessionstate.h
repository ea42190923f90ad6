#pragma once

#include "llmsizer/catalog/session.h"

#include <QString>

namespace llmsizer::ui {

class ComparisonModel;
class ConfigModel;

// The app's working state as a core Session, and a Session applied to it: the configuration
// being edited, the comparison, the selected GPUs, the workload and the units. Qt Core only (no
// widgets), so the session fuzz target drives the same code the app runs.
class SessionState {
public:
    SessionState(ConfigModel* current, ComparisonModel* comparison);

    // The working state as a session.
    Session capture() const;
    // Applies a session; "" or the reason it was refused. All or nothing: on a refusal the state
    // is exactly what it was before (capture() returns the same session).
    QString apply(const Session& session);

private:
    QString applyUnchecked(const Session& session);
    QString precheck(const Session& session) const;

    ConfigModel* m_current;
    ComparisonModel* m_comparison;
};

} // namespace llmsizer::ui
