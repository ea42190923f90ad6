#pragma once

#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/lessons.h"
#include "llmsizer/text/figures.h"

#include <cstdint>
#include <string>
#include <vector>

// What the lessons' two files share (lessons.cpp: the model's shape; lessons_hardware.cpp: memory,
// GPUs, training tokens and compute).
namespace llmsizer {

// The preset `id`; throws std::invalid_argument when `presets` lacks it.
const Preset& lessonPreset(const std::vector<Preset>& presets, const std::string& id);
// "137.95 GB" (GB = 10^9 bytes)
std::string gb(std::uint64_t bytes);
// A lesson with its id, menu title and preset set; the rest is the lesson's own.
Lesson newLesson(std::string id, std::string preset);

Lesson fitsOnH100(const std::vector<Preset>& presets, const LessonInputs& inputs);
Lesson largestOn24GB(const std::vector<Preset>& presets, const LessonInputs& inputs);
Lesson chinchillaTokensLesson(const std::vector<Preset>& presets);
Lesson budget1e24(const std::vector<Preset>& presets);

} // namespace llmsizer
