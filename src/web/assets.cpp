#include "web/assets.h"

namespace perfectplay::web {

const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (std::size_t i = 0; i < detail::kEmbeddedAssetCount; ++i) {
    if (detail::kEmbeddedAssets[i].path == path) return &detail::kEmbeddedAssets[i];
  }
  return nullptr;
}

std::size_t asset_count() {
  return detail::kEmbeddedAssetCount;
}

const Asset& asset_at(std::size_t i) {
  return detail::kEmbeddedAssets[i];
}

}  // namespace perfectplay::web
