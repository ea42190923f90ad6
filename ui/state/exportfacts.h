#pragma once

#include "llmsizer/present/export_caption.h"

#include <QString>

namespace llmsizer::ui {

class ComparisonModel;
class ConfigModel;

// What an export of the main window's views says about itself (export_caption.h): the model
// being edited, its workload, the app's version and its preset's published source (none once the
// model is edited away from the preset).
ExportFacts exportFacts(const ConfigModel& model);
// The same as one line for an image's caption strip.
QString exportCaptionOf(const ConfigModel& model);
// The Compare window's: the compared models' names joined with " vs ", the Overview's workload.
QString compareCaption(const ConfigModel& model, const ComparisonModel& comparison);

} // namespace llmsizer::ui
