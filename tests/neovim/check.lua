-- The Neovim check (run by `scripts/neovim-check`, which starts Neovim headless with
-- `editors/neovim/rulebook.lua` as its init.lua and `rulebook` on its PATH): an editing
-- session on a copy of `tests/fixtures/broken/unknown-piece.game`, whose line 6 sets up
-- `stnoe` for `stone`. It opens the file, reads back the diagnostic the server sends (its
-- range and message), cuts the word to `st` and asks for completion there (`stone` must
-- be offered, as a kind of piece), puts the completion in and waits for the diagnostic
-- to clear. It prints what it reads and exits 1 at the first thing that is not so.

local TIMEOUT = 20000 -- milliseconds to wait for any one answer of the server

local function say(line)
  io.stdout:write(line, "\n")
end

local function fail(why)
  error("neovim-check: " .. why, 0)
end

--- Waits until `done()` holds, failing with `what` after TIMEOUT.
local function wait_for(what, done)
  if not vim.wait(TIMEOUT, done, 20) then
    fail("no " .. what .. " within " .. TIMEOUT .. " ms")
  end
end

--- A diagnostic as `LINE:COL-LINE:COL SEVERITY: MESSAGE` (lines and columns from 1; the
--- message's first line).
local function show(d)
  local severity = vim.diagnostic.severity[d.severity]:lower()
  local message = vim.split(d.message, "\n")[1]
  return string.format("%d:%d-%d:%d %s: %s", d.lnum + 1, d.col + 1, d.end_lnum + 1,
    d.end_col + 1, severity, message)
end

--- The completion items the server offers at a line and column (from 0) of a buffer.
local function complete(buf, line, character)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = character },
  }
  local replies = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, TIMEOUT)
  for _, reply in pairs(replies or {}) do
    if reply.err then
      fail("completion failed: " .. vim.inspect(reply.err))
    end
    local result = reply.result or {}
    return result.items or result
  end
  fail("no reply to completion")
end

local function check()
  local path = os.getenv("RULEBOOK_CHECK_FILE") or fail("RULEBOOK_CHECK_FILE is not set")
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= "rulebook" then
    fail("the file type is `" .. vim.bo[buf].filetype .. "`, not `rulebook`")
  end

  wait_for("diagnostics", function() return #vim.diagnostic.get(buf) > 0 end)
  local found = vim.diagnostic.get(buf)
  for _, d in ipairs(found) do
    say("diagnostic " .. show(d))
  end
  local d = found[1]
  if #found ~= 1 or show(d) ~= "6:13-6:18 error: unknown piece `stnoe`" then
    fail("expected one diagnostic, 6:13-6:18 error: unknown piece `stnoe`")
  end

  vim.api.nvim_buf_set_text(buf, 5, 12, 5, 17, { "st" })
  vim.api.nvim_win_set_cursor(0, { 6, 14 })
  local items = complete(buf, 5, 14)
  local offered = {}
  local stone
  for _, item in ipairs(items) do
    local kind = vim.lsp.protocol.CompletionItemKind[item.kind] or "?"
    table.insert(offered, item.label .. " (" .. kind .. ")")
    if item.label == "stone" and kind == "Class" then
      stone = item
    end
  end
  say("completion at 6:15, after `setup black st`: " .. table.concat(offered, ", "))
  if not stone then
    fail("`stone` (Class: a kind of piece) is not offered")
  end

  vim.api.nvim_buf_set_text(buf, 5, 12, 5, 14, { stone.label })
  wait_for("clearing of the diagnostic", function() return #vim.diagnostic.get(buf) == 0 end)
  say("after completing `stone`: no diagnostics")
  local v = vim.version()
  say(string.format("neovim-check: ok (Neovim %d.%d.%d)", v.major, v.minor, v.patch))
end

local ok, why = xpcall(check, debug.traceback)
if ok then
  vim.cmd("qall!")
else
  io.stderr:write(why, "\n")
  vim.cmd("cquit 1")
end
