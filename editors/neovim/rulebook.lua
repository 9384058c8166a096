-- Rule files (`.game`) in Neovim with `rulebook lsp` attached: put this file's lines in
-- your init.lua, or load it from there with `dofile("/path/to/rulebook.lua")`. It works
-- from Neovim 0.7 (Debian 12's) on; `rulebook` must be on your PATH.
-- `scripts/neovim-check` starts Neovim with this file as its init.lua.

-- Neovim 0.7 reads `vim.filetype.add` only when asked to; later versions always do.
if vim.fn.has("nvim-0.8") == 0 then
  vim.g.do_filetype_lua = 1
end
vim.filetype.add({ extension = { game = "rulebook" } })

-- The one client of Neovim 0.7, which has no `vim.lsp.start` to find a running one.
local client_id

--- Starts `rulebook lsp` for a rule file's buffer (or attaches the running server).
local function attach(args)
  local config = {
    name = "rulebook",
    cmd = { "rulebook", "lsp" },
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h"),
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = args.buf })
  else
    client_id = client_id or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(args.buf, client_id)
  end
  vim.bo[args.buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  vim.bo[args.buf].commentstring = "// %s"
end

vim.api.nvim_create_autocmd("FileType", { pattern = "rulebook", callback = attach })
