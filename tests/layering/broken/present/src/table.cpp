// Breaks rule 3: the presentation layer includes Qt.
#include <QString>
