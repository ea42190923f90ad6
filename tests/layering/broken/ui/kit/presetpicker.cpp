// Breaks rule 8: the kit includes a view (the views are above the kit).
#include "ui/overview/configpanel.h"
