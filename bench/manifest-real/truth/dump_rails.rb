# Print a Rails app's own route table as JSON lines {method, path}, without booting the app:
# config/routes.rb is drawn into Action Dispatch's RouteSet (the router `bin/rails routes`
# reads), with `Rails.application.routes` pointing at it. Controllers are names at draw time and
# are not loaded. Usage: ruby dump_rails.rb APP_ROOT
# Paths drop `(.:format)` and other optional parts; `:id` is written {id}. A mounted engine is
# one route at its mount path (the manifest's convention). Redmine's plugin folder is empty here.
require "json"
require "action_dispatch"
require "action_controller"

root = ARGV.fetch(0)
ROUTES = ActionDispatch::Routing::RouteSet.new
module Rails
  App = Struct.new(:routes)
  def self.application = App.new(ROUTES)
  def self.root = Pathname.new(ARGV.fetch(0))
end
# Redmine's routes.rb looks for plugin routes in Redmine::Plugin.directory.
module Redmine
  module Plugin
    def self.directory = File.join(Dir.tmpdir, "bench-no-plugins")
  end
end

load File.join(root, "config/routes.rb")
Dir[File.join(root, "config/routes/*.rb")].each { |f| load f }

seen = {}
ROUTES.routes.each do |route|
  verbs = route.verb.to_s.split("|").reject(&:empty?)
  verbs = ["*"] if verbs.empty? && route.app.respond_to?(:app) && !route.app.app.is_a?(ActionDispatch::Routing::Redirect)
  path = route.path.spec.to_s.gsub(/\([^()]*\)/, "").gsub(/\([^()]*\)/, "")
  path = path.gsub(/:(\w+)/, '{\1}').gsub(/\*(\w+)/, '{\1}')
  verbs.each do |verb|
    key = "#{verb} #{path}"
    next if seen[key]
    seen[key] = true
    puts JSON.generate({ method: verb, path: path })
  end
end
