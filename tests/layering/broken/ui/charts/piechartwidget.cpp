// Breaks rule 8: a chart includes a view (the views are above the charts).
#include "ui/overview/summarypanel.h"
