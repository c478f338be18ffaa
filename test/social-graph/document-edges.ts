/** The social graph document's list of Page edges (its section "Page edges (by the node type they return)"), verbatim. */
export const DOCUMENT_EDGE_LIST =
  'Page experiments; ad posts; agency businesses; albums; assigned users; audio copyrights; blocked profiles; business projects; call-to-action records; canvas elements and canvases; chat plugin configuration; commerce orders; conversations; crosspost-allowed Pages; optimization eligibility; custom labels; custom user settings; fantasy games; feed; child Pages of a global structure; image copyrights; insights; linked photo-app accounts; lead generation forms; liked Pages; live videos; location child Pages; media fingerprints; messaging feature reviews; call settings; lead-form step lists; messaging profile; personas; photos; profile picture; own posts; product catalogs; published posts; ratings; roles; scheduled posts; secondary receivers; Page settings; shop setup status; store locations; subscribed apps (only the current app is returned); tabs; tagged posts; thread owner; threads (deprecated, use conversations); video copyright rules; video lists; videos; visitor posts.';

/** Each description of the document → the edge name(s) Graph uses for it. */
export const GRAPH_NAMES: Record<string, string[]> = {
  'Page experiments': ['ab_tests'],
  'ad posts': ['ads_posts'],
  'agency businesses': ['agencies'],
  albums: ['albums'],
  'assigned users': ['assigned_users'],
  'audio copyrights': ['audio_media_copyrights'],
  'blocked profiles': ['blocked'],
  'business projects': ['businessprojects'],
  'call-to-action records': ['call_to_actions'],
  'canvas elements and canvases': ['canvas_elements', 'canvases'],
  'chat plugin configuration': ['chat_plugin'],
  'commerce orders': ['commerce_orders'],
  conversations: ['conversations'],
  'crosspost-allowed Pages': ['crosspost_whitelisted_pages'],
  'optimization eligibility': ['ctx_optimization_eligibility'],
  'custom labels': ['custom_labels'],
  'custom user settings': ['custom_user_settings'],
  'fantasy games': ['fantasy_games'],
  feed: ['feed'],
  'child Pages of a global structure': ['global_brand_children'],
  'image copyrights': ['image_copyrights'],
  insights: ['insights'],
  'linked photo-app accounts': ['instagram_accounts'],
  'lead generation forms': ['leadgen_forms'],
  'liked Pages': ['likes'],
  'live videos': ['live_videos'],
  'location child Pages': ['locations'],
  'media fingerprints': ['media_fingerprints'],
  'messaging feature reviews': ['messaging_feature_review'],
  'call settings': ['messenger_call_settings'],
  'lead-form step lists': ['messenger_lead_forms'],
  'messaging profile': ['messenger_profile'],
  personas: ['personas'],
  photos: ['photos'],
  'profile picture': ['picture'],
  'own posts': ['posts'],
  'product catalogs': ['product_catalogs'],
  'published posts': ['published_posts'],
  ratings: ['ratings'],
  roles: ['roles'],
  'scheduled posts': ['scheduled_posts'],
  'secondary receivers': ['secondary_receivers'],
  'Page settings': ['settings'],
  'shop setup status': ['shop_setup_status'],
  'store locations': ['store_locations'],
  'subscribed apps': ['subscribed_apps'],
  tabs: ['tabs'],
  'tagged posts': ['tagged'],
  'thread owner': ['thread_owner'],
  threads: ['threads'],
  'video copyright rules': ['video_copyright_rules'],
  'video lists': ['video_lists'],
  videos: ['videos'],
  'visitor posts': ['visitor_posts'],
};

/** The document's descriptions, one per edge entry (parenthesised notes dropped). */
export const DOCUMENT_EDGE_DESCRIPTIONS = DOCUMENT_EDGE_LIST.replace(/\.$/, '')
  .split('; ')
  .map((d) => d.replace(/ \(.*\)$/, ''));
/** Every Graph edge name the document's list stands for. */
export const DOCUMENT_EDGES: readonly string[] = DOCUMENT_EDGE_DESCRIPTIONS.flatMap((d) => GRAPH_NAMES[d] ?? []);
