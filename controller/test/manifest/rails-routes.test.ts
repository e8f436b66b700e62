// Rails (SPEC §5, issue 20): config/routes.rb as apps write it, with the routes `bin/rails routes`
// prints for it per the Rails routing guide (resources' seven actions, nesting with
// `:<parent>_id`, shallow members, namespaces and scopes, member/collection, match via:).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();
const table = (s: ServiceManifest) => s.endpoints.map((e) => `${e.id} ${e.handler}`).sort();

describe("Rails", () => {
  it("expands resources, nesting, member and collection routes, namespaces, scopes, match and root", async () => {
    const s = await scan({
      Gemfile: 'gem "rails", "~> 7.1"\n',
      "app/controllers/photos_controller.rb": "class PhotosController < ApplicationController\nend\n",
      "config/routes.rb": `Rails.application.routes.draw do
  # Reveal health status on /up
  get "up" => "rails/health#show", as: :rails_health_check

  root "pages#home"

  resources :photos, only: %i[index show] do
    member do
      get :preview
    end
    get :search, on: :collection
    resources :comments, only: [:index, :create]
  end

  resource :profile, except: :destroy

  namespace :admin do
    root to: "dashboard#index"
    resources :users, param: :slug, only: [:show, :update]
  end

  scope "/api/v1", module: "api/v1" do
    resources :articles, only: :index do
      resources :tags, only: [:index, :show], shallow: true
    end
  end

  match "legacy/feed", to: "feeds#show", via: [:get, :post]
  get "help(.:format)", to: "pages#help"
  get "files/*path", to: "files#show"
  draw :billing
  mount Sidekiq::Web => "/sidekiq"
end
`,
      "config/routes/billing.rb": `scope :billing do
  post "webhooks/stripe", to: "stripe_webhooks#create"
end
`,
    });
    expect(s.frameworks).toEqual(["rails"]);
    expect(table(s)).toEqual([
      "GET / PagesController.home",
      "GET /admin Admin::DashboardController.index",
      "GET /admin/users/{slug} Admin::UsersController.show",
      "GET /api/v1/articles Api::V1::ArticlesController.index",
      "GET /api/v1/articles/{article_id}/tags Api::V1::TagsController.index",
      "GET /api/v1/tags/{id} Api::V1::TagsController.show",
      "GET /files/{path} FilesController.show",
      "GET /help PagesController.help",
      "GET /legacy/feed FeedsController.show",
      "GET /photos PhotosController.index",
      "GET /photos/search PhotosController.search",
      "GET /photos/{id} PhotosController.show",
      "GET /photos/{id}/preview PhotosController.preview",
      "GET /photos/{photo_id}/comments CommentsController.index",
      "GET /profile ProfilesController.show",
      "GET /profile/edit ProfilesController.edit",
      "GET /profile/new ProfilesController.new",
      "GET /sidekiq Sidekiq::Web",
      "GET /up Rails::HealthController.show",
      "PATCH /admin/users/{slug} Admin::UsersController.update",
      "PATCH /profile ProfilesController.update",
      "POST /billing/webhooks/stripe StripeWebhooksController.create",
      "POST /legacy/feed FeedsController.show",
      "POST /photos/{photo_id}/comments CommentsController.create",
      "POST /profile ProfilesController.create",
      "PUT /admin/users/{slug} Admin::UsersController.update",
      "PUT /profile ProfilesController.update",
    ]);
    const engine = s.endpoints.find((e) => e.path === "/sidekiq");
    expect(engine).toMatchObject({ tags: ["mounted-engine"], file: "config/routes.rb" });
    const stripe = s.endpoints.find((e) => e.path === "/billing/webhooks/stripe");
    expect(stripe?.file).toBe("config/routes/billing.rb");
    expect(s.endpoints.find((e) => e.path === "/photos/{photo_id}/comments")?.params).toEqual([
      { name: "photo_id", in: "path", type: "string", required: true },
    ]);
  });

  it("hangs a shallow resource's member block at its shallow path, unrolls %w(…).each loops, and leaves a sample plugin's routes.rb out", async () => {
    const s = await scan({
      Gemfile: 'gem "rails", "~> 7.1"\n',
      "config/routes.rb": `Rails.application.routes.draw do
  resources :projects, only: [:show] do
    shallow do
      resources :repositories, only: [:create] do
        member do
          match 'committers', :via => [:get, :post]
        end
      end
    end
  end
  %w(browse raw).each do |action|
    get "projects/:id/repository/#{action}(/*path)", :controller => 'repositories', :action => action
  end
end
`,
      "extra/sample_plugin/config/routes.rb": `get 'projects/:id/hello', :to => 'example#say_hello'\n`,
    });
    expect(table(s)).toEqual([
      "GET /projects/{id} ProjectsController.show",
      "GET /projects/{id}/repository/browse RepositoriesController.browse",
      "GET /projects/{id}/repository/raw RepositoriesController.raw",
      "GET /repositories/{id}/committers RepositoriesController.committers",
      "POST /projects/{project_id}/repositories RepositoriesController.create",
      "POST /repositories/{id}/committers RepositoriesController.committers",
    ]);
  });

  it("reads strong parameters as the body, typed by db/schema.rb", async () => {
    const s = await scan({
      "config/routes.rb": `Rails.application.routes.draw do
  namespace :admin do
    resources :users, only: [:create, :update]
  end
  resources :posts, only: :create
end
`,
      "app/controllers/admin/users_controller.rb": `module Admin
  class UsersController < ApplicationController
    def create
      @user = User.new(user_params)
      render json: @user, status: :created
    end

    def update
      @user.update!(user_params)
    end

    private

    def user_params
      params.require(:user).permit(:name, :email, :age, :admin, tags: [], address: [:city, :zip])
    end
  end
end
`,
      "app/controllers/posts_controller.rb": `class PostsController < ApplicationController
  def create
    Post.create!(params.expect(post: [:title, :body]))
  end
end
`,
      "db/schema.rb": `ActiveRecord::Schema[7.1].define(version: 2024_05_01_000000) do
  create_table "users", force: :cascade do |t|
    t.string "name", null: false
    t.string "email"
    t.integer "age"
    t.boolean "admin", default: false
    t.datetime "created_at", null: false
  end
end
`,
    });
    const create = s.endpoints.find((e) => e.id === "POST /admin/users");
    expect(create?.params).toEqual([{ name: "user", in: "body", type: "UserParams", required: true }]);
    expect(s.endpoints.find((e) => e.id === "PATCH /admin/users/{id}")?.params).toContainEqual({
      name: "user",
      in: "body",
      type: "UserParams",
      required: true,
    });
    expect(s.dtos.find((d) => d.name === "UserParams")?.fields).toEqual([
      { name: "name", type: "string", required: false, constraints: {} },
      { name: "email", type: "string", required: false, constraints: {} },
      { name: "age", type: "integer", required: false, constraints: {} },
      { name: "admin", type: "boolean", required: false, constraints: {} },
      { name: "tags", type: "unknown[]", required: false, constraints: {} },
      { name: "address", type: "UserParamsAddress", required: false, constraints: {} },
    ]);
    expect(s.dtos.find((d) => d.name === "UserParamsAddress")?.fields.map((f) => f.name)).toEqual([
      "city",
      "zip",
    ]);
    expect(s.endpoints.find((e) => e.id === "POST /posts")?.params).toEqual([
      { name: "post", in: "body", type: "PostParams", required: true },
    ]);
  });
});
