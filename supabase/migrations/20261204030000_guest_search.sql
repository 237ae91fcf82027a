-- The guest page's search (issue 25): blind to accents ("pham" finds "Phạm"), and by phone in any
-- spelling ("0912 345", "912345" find +84912345678). Security invoker: the guests' row-level
-- security decides which guests come back (a host's branches only). Guests are few (one row per
-- person, not per booking), so a scan is fine; the newest first, at most p_limit.
create function public.search_guests(p_query text default '', p_limit integer default 50)
returns setof public.guests
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  folded text := public.fold_for_search(btrim(coalesce(p_query, '')));
  digits text := regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g');
begin
  if p_limit is null or p_limit not between 1 and 200 then
    raise exception using errcode = '22023', message = 'p_limit must be between 1 and 200';
  end if;
  if char_length(folded) > 120 then
    raise exception using errcode = '22023', message = 'The search is at most 120 characters';
  end if;
  -- A local number's leading 0 is the +84's stand-in.
  if digits like '0%' then
    digits := substr(digits, 2);
  end if;
  return query
    select g.* from public.guests g
     where g.erased_at is null
       and (folded = ''
            or public.fold_for_search(concat_ws(chr(31), g.name, g.email, array_to_string(g.tags, ' '))) like '%' || folded || '%'
            or (char_length(digits) >= 3 and g.mobile like '%' || digits || '%'))
     order by g.updated_at desc, g.id
     limit p_limit;
end
$$;

revoke all on function public.search_guests(text, integer) from public, anon;
grant execute on function public.search_guests(text, integer) to authenticated, service_role;
